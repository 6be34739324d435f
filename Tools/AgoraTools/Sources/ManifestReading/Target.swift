extension PackageManifest {
    /// A target of the manifest.
    public struct Target: Decodable, Sendable, Equatable {
        /// What SwiftPM builds from the target.
        public enum Kind: String, Decodable, Sendable {
            case regular, executable, test, system, binary, plugin, macro
        }

        public let name: String
        public let kind: Kind
        /// The folder of its sources, relative to the package root, as the manifest says; `nil`
        /// for SwiftPM's default (see ``sourcePath``).
        public let path: String?
        /// Paths under ``sourcePath`` that are not sources.
        public let exclude: [String]
        public let dependencies: [Dependency]
        /// The upcoming Swift features its settings enable (`.enableUpcomingFeature(…)`).
        public let upcomingFeatures: [String]

        public init(
            name: String, kind: Kind, path: String?, exclude: [String] = [], dependencies: [Dependency] = [], upcomingFeatures: [String] = []
        ) {
            self.name = name
            self.kind = kind
            self.path = path
            self.exclude = exclude
            self.dependencies = dependencies
            self.upcomingFeatures = upcomingFeatures
        }

        private enum CodingKeys: String, CodingKey {
            case name, type, path, exclude, dependencies, settings
        }

        /// One build setting as dump-package writes it: `{"kind": {"enableUpcomingFeature": {"_0": "Name"}}, "tool": "swift"}`;
        /// only the upcoming feature is read, any other kind is skipped.
        private struct Setting: Decodable {
            struct Kind: Decodable {
                struct Name: Decodable {
                    let _0: String
                }
                let enableUpcomingFeature: Name?
            }
            let kind: Kind?
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            kind = try container.decode(Kind.self, forKey: .type)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
            dependencies = try container.decodeIfPresent([Dependency].self, forKey: .dependencies) ?? []
            let settings = (try? container.decodeIfPresent([Setting].self, forKey: .settings)) ?? []
            upcomingFeatures = settings.compactMap { $0.kind?.enableUpcomingFeature?._0 }
        }

        /// The folder of its sources relative to the package root: the manifest's `path`, or
        /// SwiftPM's default (`Sources/<name>`, `Tests/<name>` for a test target).
        public var sourcePath: String {
            if let path { return path == "." ? "" : path }
            return kind == .test ? "Tests/\(name)" : "Sources/\(name)"
        }

        /// The name other Swift code imports it by: `agora-server` is `agora_server`.
        public var moduleName: String {
            String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }
    }

    /// One dependency of a target, as written in the manifest.
    public enum Dependency: Decodable, Sendable, Hashable {
        /// `.target(name:)`.
        case target(String)
        /// A plain string: a target of this package or a product of the same name.
        case byName(String)
        /// `.product(name:package:)`.
        case product(name: String, package: String?)

        private enum CodingKeys: String, CodingKey {
            case target, byName, product
        }

        public init(from decoder: any Decoder) throws {
            // dump-package writes each case as {"byName": ["Name", condition]},
            // {"target": ["Name", condition]} or {"product": ["Name", "package", aliases, condition]}.
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.target) {
                var fields = try container.nestedUnkeyedContainer(forKey: .target)
                self = .target(try fields.decode(String.self))
            } else if container.contains(.byName) {
                var fields = try container.nestedUnkeyedContainer(forKey: .byName)
                self = .byName(try fields.decode(String.self))
            } else if container.contains(.product) {
                var fields = try container.nestedUnkeyedContainer(forKey: .product)
                let name = try fields.decode(String.self)
                let package = fields.isAtEnd ? nil : try fields.decodeIfPresent(String.self)
                self = .product(name: name, package: package)
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a target dependency that is neither target, byName nor product"))
            }
        }
    }
}
