import Foundation
import Testing

extension Tag {
    /// Suites that run or read something from outside the package: the peer engines
    /// (../shared/peers), Pango, Pyphen, Chromium and Selenium, Python validators (jsonschema,
    /// SARIF), Unicode's conformance files (unicode-data), and cmark's own pathological inputs
    /// against Debian's cmark-gfm (minutes on two cores). Each skips loudly where its tool is
    /// missing, and fails instead in CI (`CI` set) or with REFLOW_REQUIRE_PEERS=1. Always with
    /// `.runsOutsideTools`, which leaves them out of the core suite.
    @Tag public static var outsideTools: Self
}

extension Trait where Self == ConditionTrait {
    /// Off in the core suite, `REFLOW_SKIP_OUTSIDE_TOOLS=1 swift test` (the README's): Swift
    /// Testing 6.3 filters by name only (`swift test --skip` takes a regular expression over
    /// test names, never tags), so the suites tagged `.outsideTools` carry this condition too.
    /// Ignored in CI (`CI` set), which runs everything.
    public static var runsOutsideTools: Self {
        .disabled(if: OutsideTools.leftOut,
                  "REFLOW_SKIP_OUTSIDE_TOOLS=1: a suite that runs outside tools, left out of the core suite")
    }
}

/// Whether this run leaves the suites that run outside tools out.
public enum OutsideTools {
    public static var leftOut: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["REFLOW_SKIP_OUTSIDE_TOOLS"] == "1" && (environment["CI"] ?? "").isEmpty
    }
}

extension TimeLimitTrait.Duration {
    /// The time limit of a test that guards against a hang (an exponential or endless loop), not
    /// a speed: five minutes. A time limit counts wall-clock time from a case's start, and in the
    /// whole suite on two cores a case can wait minutes for a thread while other suites' cases
    /// block theirs on child processes (a one-minute limit failed a 0.04 s case that way in CI),
    /// while a hang never ends at all.
    public static var hangGuard: Self { .minutes(5) }
}
