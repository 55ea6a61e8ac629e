@testable import SegmentedX11
import XCTest

/// The lines of a resource database that can answer a query, kept by their
/// specification's first and last components, as Xlib matches them.
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

        """)
    }

    func testAContinuedLineGoesOrStaysWhole() {
        let text = "other.value: a \\\nSegmentedStrip.accentColor: not a line of its own\n*font: b \\\n c\n"
        XCTAssertEqual(XResourceLines.matching(text, first: ["SegmentedStrip"], last: ["accentColor", "font"]), "*font: b \\\n c\n")
    }
}
