import Testing
import TextMetrics

/// Styled texts are cache keys: equal exactly when their bytes and runs are.
@Suite struct StyledTextIdentityTests {
    @Test func canonicallyEquivalentSpellingsAreDifferentKeys() {
        let composed = StyledText("caf\u{E9}")
        let decomposed = StyledText("cafe\u{301}")
        #expect(composed.string == decomposed.string, "Swift calls them equal strings")
        #expect(composed != decomposed, "but they shape differently, so they are different texts")
        #expect(Set([composed, decomposed]).count == 2)
    }

    @Test func equalityFollowsBytesAndRunsWhateverTheWayTheyWereBuilt() {
        var pieces = StyledText("plain ")
        pieces.append("bold", emphasis: .strong)
        pieces.append(" tail")
        var again = StyledText("pla")
        again.append("in ")
        again.append("bo", emphasis: .strong)
        again.append("ld", emphasis: .strong)
        again.append(" tail")
        #expect(pieces == again)
        #expect(pieces.hashValue == again.hashValue)
        var other = StyledText("plain ")
        other.append("bold", emphasis: .italic)
        other.append(" tail")
        #expect(pieces != other, "same bytes, other emphasis")
        #expect(StyledText("plain bold tail") != pieces)
    }
}
