import Foundation
@testable import SegmentedX11
import XCTest

/// The painter's memo of long titles belongs to the titles version it was
/// last given (`StripModel.titlesVersion`): new titles (a `setTitles`, an
/// insert, a move) start it over with no call from the strip.
final class TitleMemoTests: XCTestCase {
    /// Kept for the process, as a program keeps its connection.
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    func testNewTitlesAtTheSameIndexAreMeasuredAfresh() throws {
        try MainActor.assumeIsolated {
            let chain = try Self.sharedConnection.get().fontChain(pattern: "sans-serif:pixelsize=12", scale: 1)
            let long = String(repeating: "a", count: FontChain.longestShapedTitle + 1)
            let longer = String(repeating: "m", count: 2 * long.count)
            var memo = TitleMemo()
            memo.follow(1)
            XCTAssertNil(memo.checkpoints(for: "b", key: 1, chain: chain), "a short title is drawn without checkpoints")
            XCTAssertEqual(memo.checkpoints(for: long, key: 0, chain: chain)?.advance, chain.advance(of: long))
            XCTAssertEqual(memo.elided(long, fitting: 100, key: 0, chain: chain), chain.elided(long, fitting: 100))

            // Other titles at the same key are measured and elided afresh.
            memo.follow(2)
            XCTAssertEqual(memo.checkpoints(for: longer, key: 0, chain: chain)?.advance, chain.advance(of: longer))
            XCTAssertNotEqual(chain.advance(of: longer), chain.advance(of: long))
            XCTAssertEqual(memo.elided(longer, fitting: 100, key: 0, chain: chain), chain.elided(longer, fitting: 100))
            XCTAssertNotEqual(chain.elided(longer, fitting: 100), chain.elided(long, fitting: 100))
        }
    }
}
