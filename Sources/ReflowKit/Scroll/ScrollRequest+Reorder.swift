import Reflow
import TextMetrics

extension ScrollRequest {
    /// Why a drag (`reorder`) cannot run as asked; each description names the option and what to give.
    public enum ReorderProblem: Error, Hashable, Sendable, CustomStringConvertible {
        /// `--reorder`'s value is not FROM:TO.
        case paths(String)
        case fingerSpeed(InvalidLength)
        /// A drag runs at one text size.
        case textSizeChange
        /// An option that shapes a drag, given without one.
        case needsReorder(String)

        public var description: String {
            switch self {
            case .paths(let text):
                "--reorder takes FROM:TO, two index paths written section.item with whole numbers from 0 (such as 0.3:2.1: "
                    + "the item at 3 of section 0 to place 1 of section 2), got '\(text)'"
            case .fingerSpeed(let invalid): "--finger-speed \(invalid)"
            case .textSizeChange:
                "a drag runs at one text size: drop --change-category-at and --to, or run --reorder at each --category"
            case .needsReorder(let option):
                "\(option) shapes a drag: give --reorder FROM:TO with it"
            }
        }
    }

    /// `FROM:TO` read as two index paths written `section.item` (`0.3:2.1`), each number a whole
    /// number from 0 in decimal digits.
    public static func reorderPaths(_ text: String) throws(ReorderProblem) -> (from: IndexPath, to: IndexPath) {
        func indexPath(_ part: Substring) -> IndexPath? {
            let numbers = part.split(separator: ".", omittingEmptySubsequences: false)
            guard numbers.count == 2,
                  numbers.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let section = Int(numbers[0]), let item = Int(numbers[1]) else { return nil }
            return IndexPath(item: item, section: section)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = indexPath(parts[0]), let to = indexPath(parts[1]) else { throw .paths(text) }
        return (from, to)
    }

    /// Checks the drag's options: the finger's speed, and no drag option without `reorder`.
    public func checkReorder() throws(ReorderProblem) {
        if let fingerSpeed { do { try Limits.checkPositive(fingerSpeed) } catch { throw .fingerSpeed(error) } }
        guard reorder != nil else {
            for (given, option) in [(cancel, "--cancel"), (paging, "--paging"), (fingerSpeed != nil, "--finger-speed")] where given {
                throw .needsReorder(option)
            }
            return
        }
        if changeAt != nil || changeTo != nil { throw .textSizeChange }
    }
}
