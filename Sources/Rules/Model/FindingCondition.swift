import StoreLocale

/// Under what condition a finding holds, when shipcheck cannot see that what it judged ships to the rule's
/// store (docs/severity.md: an error needs evidence in what ships). Set by the engine's grading steps
/// (`PlayStoreScope`, `MetadataConsumerScope`) or by a check (`CheckResult.condition`), never parsed back
/// from the message; each report renders it (`sentence`) in front of the rule's message.
public enum FindingCondition: Sendable, Hashable, Codable {
    /// The app is handed out elsewhere (F-Droid, GitHub Releases) and nothing names this store.
    case ifUploaded(Store)
    /// A metadata folder nobody is known to upload to this store.
    case ifFolderUploaded(Store)
    /// The release job changes the folder before the upload in ways shipcheck does not replay.
    case ifStillHeldWhenUploaded(changedAt: String, command: String)
    /// A live console text the repository also holds, differently: the next `uploader` run replaces it with `file`.
    case replacedAtNextUpload(uploader: String, file: String)

    /// The words a report puts before the message, with the colon and space that join them.
    public var sentence: String {
        switch self {
        case .ifUploaded(let store): return "If uploaded to \(Self.name(store)): "
        case .ifFolderUploaded(let store): return "If this folder is uploaded to \(Self.name(store)): "
        case .ifStillHeldWhenUploaded(let location, let command):
            return "If this folder still holds it when uploaded (\(location) changes the folder first: \(command)): "
        case .replacedAtNextUpload(let uploader, let file):
            return "Live in the console until the next \(uploader) run replaces it with \(file): "
        }
    }

    static func name(_ store: Store) -> String { store == .appstore ? "the App Store" : store.displayName }

    private enum CodingKeys: String, CodingKey { case kind, store, changedAt, command, uploader, file }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        func store() throws -> Store {
            let name = try container.decode(String.self, forKey: .store)
            guard let store = Store(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .store, in: container, debugDescription: "unknown store \(name)")
            }
            return store
        }
        switch kind {
        case "if_uploaded": self = .ifUploaded(try store())
        case "if_folder_uploaded": self = .ifFolderUploaded(try store())
        case "if_still_held_when_uploaded":
            self = .ifStillHeldWhenUploaded(changedAt: try container.decode(String.self, forKey: .changedAt),
                                            command: try container.decode(String.self, forKey: .command))
        case "replaced_at_next_upload":
            self = .replacedAtNextUpload(uploader: try container.decode(String.self, forKey: .uploader),
                                         file: try container.decode(String.self, forKey: .file))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown condition \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ifUploaded(let store):
            try container.encode("if_uploaded", forKey: .kind)
            try container.encode(store.rawValue, forKey: .store)
        case .ifFolderUploaded(let store):
            try container.encode("if_folder_uploaded", forKey: .kind)
            try container.encode(store.rawValue, forKey: .store)
        case .ifStillHeldWhenUploaded(let location, let command):
            try container.encode("if_still_held_when_uploaded", forKey: .kind)
            try container.encode(location, forKey: .changedAt)
            try container.encode(command, forKey: .command)
        case .replacedAtNextUpload(let uploader, let file):
            try container.encode("replaced_at_next_upload", forKey: .kind)
            try container.encode(uploader, forKey: .uploader)
            try container.encode(file, forKey: .file)
        }
    }
}
