import CHarfBuzz
import CICUShim

/// A Unicode script (UAX #24) by ICU's code, e.g. Latin, Arabic, Han; `common` and `inherited`
/// mark characters shared by many scripts (spaces, digits, punctuation; combining marks).
public struct Script: Hashable, Sendable, CustomStringConvertible {
    public let code: Int32

    public static let common = Script(code: 0)
    public static let inherited = Script(code: 1)
    public static let arabic = Script(code: 2)
    public static let han = Script(code: 17)
    public static let hangul = Script(code: 18)
    public static let hiragana = Script(code: 20)
    public static let katakana = Script(code: 22)
    public static let latin = Script(code: 25)
    public static let unknown = Script(code: 103)

    init(code: Int32) { self.code = code }

    public init(_ scalar: Unicode.Scalar) { code = reflow_script(scalar.value) }

    /// Common or Inherited: takes the script of its neighbours.
    public var isShared: Bool { code <= 1 || code == Self.unknown.code }

    /// The ISO 15924 code: `Latn`, `Arab`, `Hani`, `Zyyy` (common), `Zinh` (inherited).
    public var isoCode: String {
        guard let name = reflow_script_code(code) else { return "Zzzz" }
        return String(cString: name)
    }

    public var description: String { isoCode }

    /// HarfBuzz's value for the script (HB_SCRIPT_COMMON for shared characters).
    var harfBuzz: hb_script_t {
        let index = Int(code)
        return index >= 0 && index < Self.harfBuzzTable.count ? Self.harfBuzzTable[index] : HB_SCRIPT_UNKNOWN
    }

    private static let harfBuzzTable: [hb_script_t] = (0..<256).map { code in
        guard let name = reflow_script_code(Int32(code)) else { return HB_SCRIPT_UNKNOWN }
        return hb_script_from_string(name, -1)
    }
}
