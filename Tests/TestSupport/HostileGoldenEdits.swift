import Foundation

/// One edit of one number in a golden (issue 36, row 10): the kind of change a pull request can
/// carry into a repository's goldens, and what reading the golden must then do. The table is
/// built from a recorded golden (`all(for:)`), so it edits real elements: a text cell in the
/// middle of the page, and where the golden has them an element's text frame, list marker, image,
/// code width and a section's scrolling width.
public struct HostileGoldenEdit: Sendable, CustomStringConvertible {
    /// A step into the golden's JSON: an object's key or an array's index.
    public enum Step: Sendable, CustomStringConvertible {
        case key(String), index(Int)
        public var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// What reading the edited golden must do.
    public enum Outcome: Sendable, Equatable {
        /// It reads (and `check --report` compares and draws it).
        case reads
        /// It is refused, naming the number's place and value (`value`, as the message writes it).
        case refused(value: String)
        /// It is refused as not a layout JSON, naming the place (a string where a number belongs).
        case notANumber
    }

    public let steps: [Step]
    /// The value written in place of the number, as JSON text (`1e300`, `-0`, `"NaN"`).
    public let literal: String
    public let expected: Outcome

    public init(_ steps: [Step], _ literal: String, _ expected: Outcome) {
        (self.steps, self.literal, self.expected) = (steps, literal, expected)
    }

    /// The number's place as the golden's errors name it (`elements[21].frame.height`).
    public var place: String {
        let text = steps.map(\.description).joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    public var description: String { "\(place) = \(literal)" }

    /// `golden` (a golden's JSON text) with this edit made; every other value kept.
    public func apply(to golden: String) throws -> String {
        let placeholder = "@@hostile-golden-edit@@"
        var root = try JSONSerialization.jsonObject(with: Data(golden.utf8))
        func set(_ value: Any, _ steps: ArraySlice<Step>) -> Any {
            guard let step = steps.first else { return placeholder }
            switch step {
            case .key(let key):
                var object = value as! [String: Any]
                object[key] = set(object[key] as Any, steps.dropFirst())
                return object
            case .index(let index):
                var array = value as! [Any]
                array[index] = set(array[index], steps.dropFirst())
                return array
            }
        }
        root = set(root, steps[...])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        return text.replacingOccurrences(of: "\"\(placeholder)\"", with: literal)
    }

    /// The edits of the golden `golden` (its JSON text): each number an element, the content size,
    /// the container or a scrolling width has, set to values beyond every bound (±1e20, ±1e300,
    /// 1e400, integers past Int64, a billion lines), to the bounds themselves (10^12 pt, a
    /// 10,000,000 pt container, as many lines as the frame holds at a line a point) and to the
    /// harmless (`-0`). About sixty for a document with lists, images and code.
    public static func all(for golden: String) throws -> [HostileGoldenEdit] {
        let json = try JSONSerialization.jsonObject(with: Data(golden.utf8)) as! [String: Any]
        let elements = json["elements"] as! [[String: Any]]
        func first(_ key: String) -> Int? { elements.firstIndex { $0[key] != nil } }
        let texts = elements.indices.filter { elements[$0]["kind"] as? String == "cell" && elements[$0]["lines"] != nil }
        let middle = texts[texts.count / 2]
        let element: [Step] = [.key("elements"), .index(middle)]
        func refused(_ value: String) -> Outcome { .refused(value: value) }
        let beyond = [("1e20", "1e+20"), ("-1e20", "-1e+20"), ("1e300", "1e+300"), ("-1e300", "-1e+300")]

        var edits: [HostileGoldenEdit] = []
        for side in ["x", "y", "width", "height"] {
            for (literal, value) in beyond { edits.append(.init(element + [.key("frame"), .key(side)], literal, refused(value))) }
        }
        let frame = element + [.key("frame")]
        edits += [.init(frame + [.key("x")], "-0", .reads), .init(frame + [.key("y")], "-0", .reads),
                  .init(frame + [.key("width")], "-0", .reads),
                  .init(frame + [.key("x")], "1e11", .reads), .init(frame + [.key("x")], "-1e12", .reads),
                  .init(frame + [.key("y")], "-1e12", .reads), .init(frame + [.key("width")], "1e12", .reads),
                  .init(frame + [.key("width")], "-1e12", .reads), .init(frame + [.key("height")], "1e12", .reads),
                  .init(frame + [.key("x")], "1000000000001", refused("1000000000001")),
                  .init(frame + [.key("height")], "1e400", refused("1e400")),
                  .init(frame + [.key("width")], "\"NaN\"", .notANumber)]
        // Lines: a frame holds one a point, and one more.
        let frameHeight = (elements[middle]["frame"] as! [String: Any])["height"] as! Double
        let textHeight = ((elements[middle]["textFrame"] as? [String: Any])?["height"] as? Double) ?? 0
        let holds = Int(max(frameHeight, textHeight)) + 1
        let lines = element + [.key("lines")]
        edits += [.init(lines, "1000000000", refused("1000000000")), .init(lines, "2147483648", refused("2147483648")),
                  .init(lines, "-1", refused("-1")), .init(lines, "99999999999999999999", refused("99999999999999999999")),
                  .init(lines, "2.5", refused("2.5")), .init(lines, "\(holds)", .reads),
                  .init(lines, "\(holds + 1)", refused("\(holds + 1)"))]
        let size: [Step] = [.key("contentSize")]
        edits += [.init(size + [.key("width")], "1e20", refused("1e+20")), .init(size + [.key("width")], "1e300", refused("1e+300")),
                  .init(size + [.key("width")], "-1e20", refused("-1e+20")), .init(size + [.key("width")], "10000000", .reads),
                  .init(size + [.key("width")], "10000001", refused("10000001")), .init(size + [.key("width")], "-0", .reads),
                  .init(size + [.key("height")], "1e20", refused("1e+20")), .init(size + [.key("height")], "1e300", refused("1e+300")),
                  .init(size + [.key("height")], "-1e20", refused("-1e+20")), .init(size + [.key("height")], "-1", refused("-1")),
                  .init(size + [.key("height")], "1e12", .reads), .init(size + [.key("height")], "\"Infinity\"", .notANumber)]
        let container: [Step] = [.key("environment"), .key("containerWidth")]
        edits += [.init(container, "1e300", refused("1e+300")), .init(container, "0", refused("0")),
                  .init(container, "-390", refused("-390")), .init(container, "10000000", .reads)]
        edits += [.init(element + [.key("indexPath"), .key("item")], "99999999999999999999", refused("99999999999999999999")),
                  .init(element + [.key("indexPath"), .key("section")], "-1", refused("-1")),
                  .init(element + [.key("indexPath"), .key("item")], "1e3", .reads),
                  .init([.key("version")], "1e300", refused("1e300"))]

        if let index = first("textFrame") {
            let textFrame: [Step] = [.key("elements"), .index(index), .key("textFrame")]
            for side in ["x", "y", "width", "height"] {
                edits += [.init(textFrame + [.key(side)], "1e20", refused("1e+20")),
                          .init(textFrame + [.key(side)], "-1e300", refused("-1e+300"))]
            }
            edits.append(.init(textFrame + [.key("height")], "1e12", .reads))
        }
        if let index = first("marker") {
            let marker: [Step] = [.key("elements"), .index(index), .key("marker"), .key("frame")]
            for side in ["x", "y", "width", "height"] {
                edits += [.init(marker + [.key(side)], "1e300", refused("1e+300")), .init(marker + [.key(side)], "-1e20", refused("-1e+20"))]
            }
        }
        if let index = first("images") {
            let image: [Step] = [.key("elements"), .index(index), .key("images"), .index(0), .key("frame")]
            for side in ["x", "y", "width", "height"] {
                edits += [.init(image + [.key(side)], "1e300", refused("1e+300")), .init(image + [.key(side)], "-1e20", refused("-1e+20"))]
            }
        }
        if let index = first("contentWidth") {
            let width: [Step] = [.key("elements"), .index(index), .key("contentWidth")]
            edits += [.init(width, "1e300", refused("1e+300")), .init(width, "-5", refused("-5")), .init(width, "1e12", .reads)]
        }
        if let index = first("zIndex") {
            edits.append(.init([.key("elements"), .index(index), .key("zIndex")], "9223372036854775807", .reads))
        }
        if json["scrollingWidths"] != nil {
            let scrolling: [Step] = [.key("scrollingWidths"), .index(0)]
            edits += [.init(scrolling + [.key("width")], "1e300", refused("1e+300")),
                      .init(scrolling + [.key("width")], "-1e20", refused("-1e+20")),
                      .init(scrolling + [.key("width")], "-1", refused("-1")), .init(scrolling + [.key("width")], "1e12", .reads),
                      .init(scrolling + [.key("section")], "-1", refused("-1"))]
        }
        return edits
    }
}
