import ArchitectureChecks
import ArgumentParser
import Foundation
import ManifestReading

struct CheckArchitecture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-architecture",
        abstract: "Check the module rules on the sources, with no build; fail naming each file and import.",
        discussion: """
        Rules: a feature imports no other feature; a ViewModel imports no live service, cache or \
        REPL; no module under Modules/ imports an app; a feature imports only AgoraModels, AgoraDI, \
        AgoraArchitecture, AgoraAPI, AgoraCache and Foundation. Features, modules and apps are read \
        from the manifest (swift package dump-package).
        """
    )

    @OptionGroup var root: RootOption

    func run() throws {
        let manifest: PackageManifest
        let report: ArchitectureCheck.Report
        do {
            manifest = try ManifestLoader.load(packageAt: root.url)
            report = try ArchitectureCheck(root: root.url, manifest: manifest).run()
        } catch let failure as ManifestLoader.Failure {
            throw fail(failure.description)
        } catch {
            throw fail("cannot read the sources: \(error.localizedDescription)")
        }
        for violation in report.violations {
            FileHandle.standardError.write(Data("\(violation)\n".utf8))
        }
        guard report.violations.isEmpty else {
            throw fail("check-architecture: \(report.violations.count) broken module rule\(report.violations.count == 1 ? "" : "s")")
        }
        print("check-architecture: \(report.modulesChecked) modules, \(report.filesScanned) files: the module rules hold")
    }
}
