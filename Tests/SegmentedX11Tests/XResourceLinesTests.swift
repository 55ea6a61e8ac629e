@testable import SegmentedX11
import XCTest

/// The lines of a resource database that can answer a two-component query,
/// kept by their specification's components, as Xlib matches them: a
/// specification of more than two components, or of two whose first is not
/// the query's (`*w5.accentColor`), cannot.
final class XResourceLinesTests: XCTestCase {
    func testOnlyLinesThatCanAnswerAreKept() {
        let text = """
        SegmentedStrip.accentColor: #1E88E5
        segmented-demo.font: serif
        other.accentColor: #000000
        *accentColor: #111111
        *foreground: black
        ?.accentColor: #222222
        SegmentedStrip*AccentColor:\t#333333
          SegmentedStrip . accentColor : #444444
        ! SegmentedStrip.accentColor: a comment
        #include "file"
        Xft.dpi: 192
        xterm*font: fixed
        *w5.accentColor: #555555
        *SegmentedStrip.accentColor: #666666
        *?.accentColor: #777777
        a.SegmentedStrip.accentColor: #888888
        SegmentedStrip.w5*accentColor: #999999
        accentColor: #AAAAAA
        *Font: a very \\
        long:value.with*colons
        no colon here
        """
        let kept = XResourceLines.matching(text, first: ["SegmentedStrip", "segmented-demo", "Xft"],
                                           last: ["accentColor", "AccentColor", "font", "dpi"])
        XCTAssertEqual(kept, """
        SegmentedStrip.accentColor: #1E88E5
        segmented-demo.font: serif
        *accentColor: #111111
        ?.accentColor: #222222
        SegmentedStrip*AccentColor:\t#333333
          SegmentedStrip . accentColor : #444444
        Xft.dpi: 192
        *SegmentedStrip.accentColor: #666666
        *?.accentColor: #777777

        """)
    }

    /// 200,000 loose lines that name a setting under other components, as another program's resources may: none
    /// can answer (they all reached Xlib's parser, 5 to 17 s before the first frame).
    func testLooseLinesUnderOtherComponentsAreDropped() {
        let text = (0..<200_000).map { "*w\($0).accentColor: #00FF00\n" }.joined()
        XCTAssertEqual(XResourceLines.matching(text, first: ["SegmentedStrip", "segmented-demo"], last: ["accentColor"]), "")
    }

    func testAContinuedLineGoesOrStaysWhole() {
        let text = "other.value: a \\\nSegmentedStrip.accentColor: not a line of its own\n*font: b \\\n c\n"
        XCTAssertEqual(XResourceLines.matching(text, first: ["SegmentedStrip"], last: ["accentColor", "font"]), "*font: b \\\n c\n")
    }
}
