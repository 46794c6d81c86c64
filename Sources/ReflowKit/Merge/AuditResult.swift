import Audit
import Foundation
import Reflow
import TextMetrics

/// One `reflow-cli audit --format json` result read back, for `merge`: either shape the audit
/// writes, a run over several documents or a shard (`{"documents": [...], "summary": {...}}`) or
/// one file named alone (`{"file", "categories", …, "findings"}`). Read with Foundation's
/// `JSONSerialization` and checked member by member, so that a file that is not such a result is
/// refused naming the file and the JSON path of what is wrong (`$.documents[2].findings[0].severity`),
/// never half read. A `"version"` member, which the audit does not write today, must be 1: a
/// result of a later format is refused rather than misread. The language members the audit
/// writes with `--lang` (`languages`, and a finding's `language`, `key`, `table`, `form`) are
/// read when present.
public struct AuditResult: Sendable {
    /// The file it was read from, as given.
    public let file: String
    /// Its documents, in its order.
    public let documents: [Part]
    /// The `--fail-on` it was audited with (`summary.failOn`); nil when it does not say (one file's report).
    public let failOn: String?

    /// The format version this build reads.
    public static let version = 1

    /// A document as one result holds it: in a shard of a run over languages, some of its languages.
    public struct Part: Sendable {
        public var path: String
        public var languages: [String] = []
        /// Why it could not be audited; nil when it was.
        public var error: String?
        public var findings: [MergedAudit.Finding] = []
        public var categories: [ContentSizeCategory] = [], widths: [Double] = []
        public var omitted: [String: Int] = [:]
    }

    /// Reads the result in `bytes`, from `file`.
    /// - Throws: `MergeError.malformed` naming the file and the JSON path of what is wrong.
    public init(bytes: [UInt8], file: String) throws {
        self.file = file
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw MergeError.malformed(file: file, path: "$", problem: "not valid JSON (\(detail))")
        }
        let json = Node(value: root, path: "$", file: file)
        let object = try json.object()
        if object["runs"] != nil || object["$schema"] != nil {
            throw MergeError.malformed(file: file, path: "$", problem: "this is a SARIF log, which merge does not read back")
        }
        if let version = try json.optional("version") {
            let number = try version.int()
            guard number == Self.version else {
                throw MergeError.malformed(file: file, path: version.path, problem: "version \(number) is not one this reflow-cli reads "
                    + "(it reads version \(Self.version)); merge with the reflow-cli that wrote it")
            }
        }
        if let documents = try json.optional("documents") {
            self.documents = try documents.array().map(Self.part)
            failOn = try json.member("summary").optional("failOn")?.string()
        } else if object["file"] != nil {
            documents = [try Self.part(json)]
            failOn = nil
        } else {
            throw MergeError.malformed(file: file, path: "$", problem: "neither \"documents\" (a run over several documents or a "
                + "shard) nor \"file\" (one document's report)")
        }
    }

    /// One document's object: `{"file", "error"}` for one that could not be audited, else its report.
    static func part(_ json: Node) throws -> Part {
        var part = Part(path: try json.member("file").string())
        if let error = try json.optional("error") {
            part.error = try error.string()
            return part
        }
        part.categories = try json.member("categories").array().map { try $0.category() }
        part.widths = try json.member("widths").array().map { try $0.number() }
        part.languages = try json.optional("languages")?.array().map { try $0.member("language").string() } ?? []
        if let omitted = try json.optional("omitted") {
            for (rule, count) in try omitted.object() { part.omitted[rule] = try count.int() }
        }
        part.findings = try json.member("findings").array().map(finding)
        return part
    }

    /// One finding's object.
    static func finding(_ json: Node) throws -> MergedAudit.Finding {
        let element = try json.member("element")
        let indexPath = try element.member("indexPath")
        let frame = try element.member("frame")
        let source = try source(json)
        let severity = try json.member("severity")
        guard let level = AuditSeverity(rawValue: try severity.string()) else {
            throw severity.wrong("one of \(AuditSeverity.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // A finding of several elements lists them all in "places", its own first, and says how many.
        var places: [MergedAudit.Place] = []
        if let list = try json.optional("places") {
            places = try list.array().map(place)
            let count = try json.member("count")
            guard try count.int() == places.count, places.count >= 1 else {
                throw count.wrong("the number of \"places\" (\(places.count))")
            }
        }
        var finding = MergedAudit.Finding(
            rule: try json.member("rule").string(), severity: level, category: try json.member("category").category(),
            otherCategories: try json.optional("otherCategories")?.array().map { try $0.category() } ?? [],
            width: try json.member("width").number(), element: try element.member("kind").string(),
            section: try indexPath.member("section").int(), item: try indexPath.member("item").int(),
            frame: Rect(x: try frame.member("x").number(), y: try frame.member("y").number(),
                        width: try frame.member("width").number(), height: try frame.member("height").number()),
            source: source, message: try json.member("message").string(),
            language: try json.optional("language")?.string(), key: try json.optional("key")?.string(),
            table: try json.optional("table")?.string(), form: try json.optional("form")?.form())
        finding.otherPlaces = Array(places.dropFirst())
        return finding
    }

    /// One of a finding's `places`: `{"element": {"kind", "indexPath"}, "source", "categories", "message"}`.
    static func place(_ json: Node) throws -> MergedAudit.Place {
        let element = try json.member("element")
        let indexPath = try element.member("indexPath")
        return MergedAudit.Place(element: try element.member("kind").string(), section: try indexPath.member("section").int(),
                                 item: try indexPath.member("item").int(), source: try source(json),
                                 categories: try json.optional("categories")?.array().map { try $0.category() } ?? [],
                                 message: try json.member("message").string())
    }

    /// A finding's or a place's `source`: its line, column and JSON path; nil when absent or null.
    static func source(_ json: Node) throws -> SourceLocation? {
        guard let location = try json.optional("source") else { return nil }
        _ = try location.object()
        return SourceLocation(line: try location.optional("line")?.int(), column: try location.optional("column")?.int(),
                              jsonPath: try location.optional("jsonPath")?.string())
    }

    /// A value of the JSON and where it is (`$.documents[0].file`), read as what it should be or
    /// refused naming the file and the path.
    struct Node {
        let value: Any
        let path: String
        let file: String

        func wrong(_ expected: String) -> MergeError {
            MergeError.malformed(file: file, path: path, problem: "expected \(expected), got \(Self.describe(value))")
        }

        static func describe(_ value: Any) -> String {
            switch value {
            case is NSNull: "null"
            case let string as String: "the string \"\(string.prefix(40))\(string.count > 40 ? "…" : "")\""
            case let number as NSNumber: "the value \(number)"
            case is [Any]: "an array"
            case is [String: Any]: "an object"
            default: "\(type(of: value))"
            }
        }

        func object() throws -> [String: Node] {
            guard let object = value as? [String: Any] else { throw wrong("an object") }
            return object.reduce(into: [:]) { $0[$1.key] = Node(value: $1.value, path: "\(path).\($1.key)", file: file) }
        }

        /// The member `name`, which must be there.
        func member(_ name: String) throws -> Node {
            guard let value = try object()[name] else {
                throw MergeError.malformed(file: file, path: path, problem: "\"\(name)\" is missing")
            }
            return value
        }

        /// The member `name`; nil when it is absent or null.
        func optional(_ name: String) throws -> Node? {
            guard let value = try object()[name], !(value.value is NSNull) else { return nil }
            return value
        }

        func array() throws -> [Node] {
            guard let array = value as? [Any] else { throw wrong("an array") }
            return array.enumerated().map { Node(value: $1, path: "\(path)[\($0)]", file: file) }
        }

        func string() throws -> String {
            guard let string = value as? String else { throw wrong("a string") }
            return string
        }

        func number() throws -> Double {
            guard let number = value as? NSNumber, number.doubleValue.isFinite else {
                throw wrong("a number")
            }
            return number.doubleValue
        }

        func int() throws -> Int {
            let number = try number()
            guard number == number.rounded(), abs(number) < 1e15 else { throw wrong("a whole number") }
            return Int(number)
        }

        func category() throws -> ContentSizeCategory {
            guard let category = ContentSizeCategory(name: try string()) else {
                throw wrong("a text size (\(ContentSizeCategory.allCases.map(\.shortName).joined(separator: ", ")))")
            }
            return category
        }

        /// A plural form: `few`, or a list of them, joined as the audit's text writes them.
        func form() throws -> String {
            if value is [Any] { return try array().map { try $0.string() }.joined(separator: ", ") }
            return try string()
        }
    }
}
