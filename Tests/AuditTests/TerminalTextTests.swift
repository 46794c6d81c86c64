import Audit
import Testing

@Suite struct TerminalTextTests {
    @Test func controlAndBidiCharactersAreWrittenOutAndTheRestIsKept() {
        #expect(TerminalText.escaped("\u{1B}[31mred\u{7}\0\t\n\r\u{7F}\u{9B}") == #"\u{1B}[31mred\u{7}\0\t\n\r\u{7F}\u{9B}"#)
        #expect(TerminalText.escaped("invoice\u{202E}gpj.exe \u{2066}x\u{2069} \u{200F}\u{2028}") == #"invoice\u{202E}gpj.exe \u{2066}x\u{2069} \u{200F}\u{2028}"#)
        let kept = #"naïve שלום 日本語 👩‍👩‍👧 C:\path "quoted" 'single'"#
        #expect(TerminalText.escaped(kept) == kept)
        #expect(TerminalText.escaped("") == "")
    }
}
