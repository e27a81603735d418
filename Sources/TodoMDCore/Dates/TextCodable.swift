/// A value that JSON holds as its text: encoded as `description`, decoded with `init?(text:)`,
/// and a clear error naming the expected form when the text is not one.
public protocol TextCodable: Codable, CustomStringConvertible {
    init?(text: String)
    /// The form the text must have, for the error (`YYYY-MM-DD`).
    static var textForm: String { get }
}

extension TextCodable {
    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let v = Self(text: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not \(Self.textForm): \(s)"))
        }
        self = v
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
