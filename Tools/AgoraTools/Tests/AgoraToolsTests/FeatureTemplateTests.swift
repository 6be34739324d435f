@testable import FeatureScaffolding
import Foundation
import Testing

/// The template feature as it stands in this repository (read, not changed).
@Suite("The template feature: the files a new feature is copied from")
struct FeatureTemplateTests {
    let template: FeatureTemplate

    init() throws {
        template = try FeatureTemplate(root: RepositoryCopy.original)
    }

    @Test("the template is the library, its REPL view, its tests and its transcript, without its own notes")
    func files() throws {
        let paths = template.files.map(\.path)

        for role in ["Models", "UseCase", "ViewModel", "Coordinator", "Plugin"] {
            #expect(paths.contains { $0.hasPrefix("Modules/Features/TemplateItems/TemplateItems/\(role)/") }, "\(role)")
        }
        #expect(paths.contains("Modules/Features/TemplateItems/TemplateItemsREPL/Screens/TemplateItemsScreen.swift"))
        #expect(paths.contains("Modules/Features/TemplateItems/TemplateItems/TemplateItems.docc/TemplateItems.md"))
        #expect(paths.contains("Tests/TemplateItemsTests/TemplateItemsViewModelTests.swift"))
        #expect(paths.contains("Tests/AgoraREPLTests/Transcripts/template-items.transcript"))
        #expect(!paths.contains("Modules/Features/TemplateItems/README.md"), "the notes are about the template, not a feature's")
        #expect(paths.allSatisfy { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }, "no hidden file")
    }

    @Test("given Bookmarks, when the template is renamed, then no file's path or text holds the template's name in any letter case, and each file keeps its place")
    func renamedToBookmarks() throws {
        let original = template.files
        let renamed = try template.files(renamedTo: FeatureName("Bookmarks"))

        #expect(renamed.count == original.count)
        for file in renamed {
            #expect(!file.path.lowercased().contains("template"), "\(file.path)")
            #expect(!file.contents.lowercased().contains("template"), "\(file.path) still names the template")
        }
        let paths = Set(renamed.map(\.path))
        #expect(paths.contains("Modules/Features/Bookmarks/Bookmarks/Models/BookmarkRow.swift"))
        #expect(paths.contains("Modules/Features/Bookmarks/Bookmarks/Models/Bookmark.swift"), "the item is the feature's own")
        #expect(paths.contains("Modules/Features/Bookmarks/Bookmarks/Service/BookmarksService.swift"), "so is its service")
        #expect(paths.contains("Modules/Features/Bookmarks/Bookmarks/Service/MockData+Bookmarks.swift"))
        #expect(paths.contains("Modules/Features/Bookmarks/BookmarksViewInputs/Generated/BookmarksInputs.swift"))
        #expect(paths.contains("Tests/BookmarksTests/BookmarksServiceTests.swift"))
        #expect(paths.contains("Tests/AgoraREPLTests/Transcripts/bookmarks.transcript"))
        let transcript = try #require(renamed.first { $0.path.hasSuffix("bookmarks.transcript") }).contents
        #expect(
            transcript.hasPrefix(
                "# feature: Bookmarks\n> open agora://bookmarks\nBookmarks\n #  Closes                        Answers  Bookmark\n 1  Tue, Dec 1, 2026 at 6:00\u{202F}PM        40  Which evening suits the next meetup?\n"
            ))
    }

    @Test("given a name that holds the template's, when the template is renamed, then every file is the new feature's and none is the template's")
    func renamedToANameHoldingTheTemplate() throws {
        let renamed = try template.files(renamedTo: FeatureName("TemplateItemsArchive"))

        #expect(renamed.allSatisfy { $0.path.contains("TemplateItemsArchive") || $0.path.hasSuffix("template-items-archive.transcript") })
        let viewModel = try #require(renamed.first { $0.path.hasSuffix("/TemplateItemsArchiveViewModel.swift") }).contents
        #expect(viewModel.contains("public final class TemplateItemsArchiveViewModel: PagedListViewModel, TemplateItemsArchiveViewModelType"))
        #expect(viewModel.contains("PagedList<TemplateItemsArchiveItem, TemplateItemsArchiveItemRow, ServiceError>"))
    }

    @Test("given Bookmarks, then the types the feature adds are the template's that carry its name, renamed")
    func typeNames() throws {
        let types = try template.typeNames(renamedTo: FeatureName("Bookmarks"))

        for type in ["Bookmark", "BookmarkRow", "BookmarksViewModel", "BookmarksViewModelInputs", "MockBookmarks", "BookmarksRequest",
            "BookmarksScreen", "BookmarksScreens", "BookmarksInputs", "BookmarksFetcherSpy", "BookmarksViewModelTests"]
        {
            #expect(types.contains(type), "\(type)")
        }
        #expect(!types.contains("ID"), "a type that does not carry the name is not the feature's")
        #expect(types.allSatisfy { $0.contains("Bookmark") })
    }
}
