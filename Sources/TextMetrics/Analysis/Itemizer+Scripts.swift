import CICUShim

extension Itemizer {
    /// Each scalar's script with Common and Inherited characters resolved: inherited ones take
    /// the script before them, common ones the script of the run they are in (the first real
    /// script of the paragraph for those at its start), and a closing bracket the script of its
    /// opening bracket (UAX #24's recommendation, as Pango and HarfBuzz's tools do).
    static func resolveScripts(_ scalars: [Unicode.Scalar]) -> [Script] {
        var scripts = [Script](repeating: .common, count: scalars.count)
        var current = Script.common
        var runStart = 0
        var stack: [(pair: UInt32, script: Script)] = []
        for (index, scalar) in scalars.enumerated() {
            var script = Script(scalar)
            if script == .inherited || script == .unknown {
                script = current
            } else if script == .common {
                var pair: UInt32 = 0
                switch reflow_paired_bracket(scalar.value, &pair) {
                case 1:
                    stack.append((pair, current))
                    if stack.count > 63 { stack.removeFirst() }
                    script = current
                case 2:
                    if let match = stack.lastIndex(where: { $0.pair == scalar.value }) {
                        script = stack[match].script
                        stack.removeSubrange(match...)
                    } else {
                        script = current
                    }
                default:
                    script = current
                }
            }
            if script != current {
                if current == .common {
                    // The run so far was all shared characters: it takes this script.
                    for earlier in runStart..<index { scripts[earlier] = script }
                    for entry in stack.indices where stack[entry].script == .common { stack[entry].script = script }
                } else if script != .common {
                    runStart = index
                }
                if script != .common { current = script }
            }
            scripts[index] = script == .common ? current : script
        }
        return scripts
    }
}
