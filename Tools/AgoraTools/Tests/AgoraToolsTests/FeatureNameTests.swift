@testable import FeatureScaffolding
import Testing

@Suite("Feature names: checked before anything is planned")
struct FeatureNameTests {
    @Test("given a plural UpperCamelCase name, when checked, then every derived name follows from it")
    func derivedNames() throws {
        let names = try FeatureName("StudyGroups")

        #expect(names.item == "StudyGroup")
        #expect(names.lowerName == "studyGroups")
        #expect(names.pathSegment == "study-groups")
        #expect(names.url == "agora://study-groups")
        #expect(names.title == "Study groups")
        #expect(names.phrase == "study groups")
        #expect(names.itemPhrase == "study group")
        #expect(names.testTarget == "StudyGroupsTests")
        #expect(names.possessive == "StudyGroups'")
        #expect(names.replTarget == "StudyGroupsREPL")
    }

    @Test("given names of other shapes, when checked, then acronyms stay whole and singulars are sensible", arguments: [
        ("Polls", "Poll", "polls", "polls"),
        ("Galleries", "Gallery", "galleries", "galleries"),
        ("Chat", "ChatItem", "chat", "chat"),
        ("URLPreviews", "URLPreview", "urlPreviews", "url-previews"),
    ])
    func shapes(name: String, item: String, lowerName: String, path: String) throws {
        let names = try FeatureName(name)
        #expect(names.item == item)
        #expect(names.lowerName == lowerName)
        #expect(names.pathSegment == path)
    }

    @Test("given --item, when checked, then it names the item type")
    func explicitItem() throws {
        #expect(try FeatureName("News", item: "Story").item == "Story")
    }

    @Test("given a bad name, when checked, then one line says what is wrong and what would be right", arguments: [
        ("", "the feature name is empty; give one in UpperCamelCase, e.g. Polls"),
        ("polls", "'polls' is not UpperCamelCase; start with a capital letter and use only letters and digits, e.g. Polls"),
        ("Bad-Name", "'Bad-Name' is not a Swift identifier; use ASCII letters and digits in UpperCamelCase, e.g. Polls"),
        ("2Polls", "'2Polls' is not a Swift identifier; use ASCII letters and digits in UpperCamelCase, e.g. Polls"),
        ("Study_Groups", "'Study_Groups' is not UpperCamelCase; start with a capital letter and use only letters and digits, e.g. Polls"),
        ("Self", "'Self' is a Swift reserved word; choose another feature name, e.g. Polls"),
        ("Protocol", "'Protocol' is a Swift reserved word; choose another feature name, e.g. Polls"),
        ("Class", "'Class' would make the route `.class`, a Swift reserved word; choose another name, e.g. Polls"),
        ("Default", "'Default' would make the route `.default`, a Swift reserved word; choose another name, e.g. Polls"),
        ("Foundation", "'Foundation' is a module of the Swift toolchain; choose another name, e.g. Polls"),
        ("PollsTests", "'PollsTests' ends in 'Tests', which SwiftPM reserves for test targets; choose a name without it, e.g. Polls"),
        ("Événements", "'Événements' has characters outside ASCII; module, type and file names here use ASCII letters and digits in UpperCamelCase, e.g. Polls"),
        ("Strings", "the item type 'String' would hide Swift's or Foundation's String in every feature; pass --item with another name, e.g. --item Poll"),
    ])
    func refused(name: String, message: String) {
        #expect(throws: ScaffoldingError(message)) { try FeatureName(name) }
    }

    @Test("given a name too long to read, when checked, then it is refused naming the limit")
    func tooLong() {
        let name = "P" + String(repeating: "o", count: 40)
        #expect(throws: ScaffoldingError("'\(name)' is 41 characters long; keep the feature name to 40 at most")) { try FeatureName(name) }
    }

    @Test("given an item type equal to the name or not a type name, when checked, then it is refused")
    func badItem() {
        #expect(throws: ScaffoldingError("the item type 'Polls' must differ from the feature name 'Polls'; pass --item with a singular, e.g. --item Poll")) {
            try FeatureName("Polls", item: "Polls")
        }
        #expect(throws: ScaffoldingError("'poll' is not UpperCamelCase; start with a capital letter and use only letters and digits, e.g. Poll")) {
            try FeatureName("Polls", item: "poll")
        }
    }

    @Test("a message stays one line and short, however long the name")
    func oneLine() {
        let name = String(repeating: "x-", count: 200)
        do {
            _ = try FeatureName(name)
            Issue.record("a name with dashes was accepted")
        } catch {
            #expect(!error.message.contains("\n"))
            #expect(error.message.count < 160)
        }
    }
}
