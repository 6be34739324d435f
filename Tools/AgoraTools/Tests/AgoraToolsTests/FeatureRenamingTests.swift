@testable import FeatureScaffolding
import Testing

@Suite("Renaming the template feature's text: every form of its name, whole, once")
struct FeatureRenamingTests {
    let template = FeatureName(template: "TemplateItems", item: "TemplateItem")

    func renaming(_ name: String, item: String? = nil) throws -> FeatureRenaming {
        FeatureRenaming(from: template, to: try FeatureName(name, item: item))
    }

    @Test("given each form of the template's name, when renamed to Bookmarks, then each becomes the same form of the new name", arguments: [
        ("TemplateItems", "Bookmarks"),
        ("TemplateItem", "Bookmark"),
        ("templateItems", "bookmarks"),
        ("template-items", "bookmarks"),
        ("template items", "bookmarks"),
        ("Template items", "Bookmarks"),
        ("template item", "bookmark"),
        ("Template item", "Bookmark"),
        ("TemplateItems'", "Bookmarks'"),
    ])
    func eachForm(form: String, expected: String) throws {
        #expect(try renaming("Bookmarks").rename(form) == expected)
    }

    @Test("given identifiers that hold the name at a camel-case boundary, when renamed, then only that part changes", arguments: [
        ("MockTemplateItemsService", "MockBookmarksService"),
        ("TemplateItemsViewModelInputs", "BookmarksViewModelInputs"),
        ("TemplateItemRow", "BookmarkRow"),
        ("fetchTemplateItems(after:)", "fetchBookmarks(after:)"),
        ("cachedTemplateItems()", "cachedBookmarks()"),
        ("Route.templateItems", "Route.bookmarks"),
        ("import TemplateItemsREPL", "import BookmarksREPL"),
        ("Route+TemplateItems.swift", "Route+Bookmarks.swift"),
        ("Tests/TemplateItemsTests/TemplateItemsTestDoubles.swift", "Tests/BookmarksTests/BookmarksTestDoubles.swift"),
        ("Transcripts/template-items.transcript", "Transcripts/bookmarks.transcript"),
        (#"Destination("template-items", summary: "the template items list")"#, #"Destination("bookmarks", summary: "the bookmarks list")"#),
        (#"title: "Template item \(id)""#, #"title: "Bookmark \(id)""#),
        ("[TemplateItem]", "[Bookmark]"),
        ("Page<TemplateItem>", "Page<Bookmark>"),
    ])
    func inIdentifiersAndText(text: String, expected: String) throws {
        #expect(try renaming("Bookmarks").rename(text) == expected)
    }

    @Test("given a name of several words, an acronym or an item of its own, when renamed, then each form follows the new name's shape")
    func shapesOfNames() throws {
        let text = "TemplateItems TemplateItem templateItems template-items Template items, template item."
        #expect(try renaming("StudyGroups").rename(text) == "StudyGroups StudyGroup studyGroups study-groups Study groups, study group.")
        #expect(try renaming("URLPreviews").rename(text) == "URLPreviews URLPreview urlPreviews url-previews URL previews, URL preview.")
        #expect(try renaming("News", item: "Story").rename(text) == "News Story news news News, story.")
        #expect(try renaming("Chat").rename("TemplateItems' UseCase") == "Chat's UseCase")
    }

    @Test("given new names that hold the template's name or one of its forms, when renamed, then what is written is not renamed again", arguments: [
        ("TemplateItemsArchive", "TemplateItemsArchiveViewModel, TemplateItemsArchiveItemRow, templateItemsArchive, template-items-archive"),
        ("MyTemplateItems", "MyTemplateItemsViewModel, MyTemplateItemRow, myTemplateItems, my-template-items"),
        ("Templates", "TemplatesViewModel, TemplateRow, templates, templates"),
        ("Items", "ItemsViewModel, ItemRow, items, items"),
    ])
    func namesHoldingTheTemplate(name: String, expected: String) throws {
        let text = "TemplateItemsViewModel, TemplateItemRow, templateItems, template-items"
        #expect(try renaming(name).rename(text) == expected)
    }

    @Test("given a form that goes on in lower case or follows a capital, when renamed, then it is not that form", arguments: [
        "TemplateItemset", "XTemplateItems", "templateItemsy", "_templateItems", "template-items-x", "x-template-items", "template itemsx",
    ])
    func notAtABoundary(text: String) throws {
        #expect(throws: FeatureRenaming.Leftover.self) { try renaming("Bookmarks").rename(text) }
    }

    @Test("given the template's word in a form no rule knows, when renamed, then the error names its line and word", arguments: [
        ("one\ntwo templateItem three", FeatureRenaming.Leftover(line: 2, word: "templateItem")),
        ("a TEMPLATE b", FeatureRenaming.Leftover(line: 1, word: "TEMPLATE")),
        ("TemplateItems\n\nthe template", FeatureRenaming.Leftover(line: 3, word: "template")),
        ("template_items", FeatureRenaming.Leftover(line: 1, word: "template_items")),
    ])
    func leftoversAreErrors(text: String, leftover: FeatureRenaming.Leftover) throws {
        #expect(throws: leftover) { try renaming("Bookmarks").rename(text) }
    }

    @Test("given text without the template's name, when renamed, then it is unchanged, other scripts and emoji included")
    func otherTextUnchanged() throws {
        let text = "Items — “quoted” 🎉 Temp late items, tem-plate, items, Item\n"
        #expect(try renaming("Bookmarks").rename(text) == text)
    }

    @Test("the template's forms differ from one another, so each is renamed to the right form")
    func templateFormsAreDistinct() {
        let forms = [template.name, template.item, template.lowerName, template.pathSegment, template.phrase, template.title, template.itemPhrase, template.itemTitle]
        #expect(Set(forms).count == forms.count, "\(forms)")
    }
}
