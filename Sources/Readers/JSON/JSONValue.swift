import Reflow
import TextMetrics
/// A JSON value read as it is, so a reader can walk it, name the path of anything it does not
/// accept (`sections[2].group.size.width`), and say what it expected there. `JSONParser` makes it.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the file's order.
    case object([(key: String, value: JSONValue)])
    /// An array whose elements were not parsed: their byte ranges in the file, to parse when
    /// they are needed.
    case deferred(DeferredElements)

    /// What a person would call this kind of value, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array, .deferred: "an array"
        case .object: "an object"
        }
    }
}
