/// One segment of a strip: its title and what it may carry besides (an icon,
/// a badge, a tooltip), whether it can be chosen, and an identity.
///
/// The strip draws the title, the badge and the icon (a file, or a name in
/// the icon theme), shows the `tooltip` on hover and honours `isEnabled`.
/// An item with an empty title draws its icon alone.
public struct SegmentItem: Equatable, Hashable, Sendable {
    /// The text drawn in the segment, and its accessible name.
    public var title: String
    /// An image before the title (right to left: after it), `LayoutMetrics.iconSize`
    /// square, `iconGap` from a non-empty title; one that cannot be drawn gives a warning and no icon.
    public var icon: SegmentIcon?
    /// A count, a dot or a short text in a pill at the title's top trailing corner.
    public var badge: SegmentBadge?
    /// False: drawn in `disabledTextColor`; a click, the keys and assistive
    /// technologies cannot select it (the host still can, through the API).
    public var isEnabled: Bool
    /// Text shown after 0.5 s of hover (`TooltipModel`), and the page tab's accessible description.
    public var tooltip: String?
    /// An identity the host chooses that survives a reload (nil: none);
    /// the titles file refuses two items with the same one.
    public var id: String?

    /// An item; only `title` is required.
    public init(title: String, icon: SegmentIcon? = nil, badge: SegmentBadge? = nil, isEnabled: Bool = true,
                tooltip: String? = nil, id: String? = nil) {
        (self.title, self.icon, self.badge, self.isEnabled, self.tooltip, self.id) = (title, icon, badge, isEnabled, tooltip, id)
    }

    /// An enabled item with only a title: what the titles API makes.
    public init(_ title: String) {
        self.init(title: title)
    }

    /// Whether the item is only a title (every other field at its default):
    /// a strip keeps such items as their titles alone.
    public var isPlainTitle: Bool {
        icon == nil && badge == nil && isEnabled && tooltip == nil && id == nil
    }
}

/// Where an item's icon comes from.
public enum SegmentIcon: Equatable, Hashable, Sendable {
    /// An image file (PNG or SVG), as written (a relative path is relative to the working directory).
    case file(path: String)
    /// A name looked up in the icon theme (freedesktop Icon Theme Specification), e.g. `mail-unread-symbolic`.
    case named(String)
    /// An image given as pixels: `argb` holds `width` × `height` straight (not premultiplied) ARGB words, rows
    /// `width` long, as an X client's `_NET_WM_ICON` gives them (EWMH). Fitted into the icon's box, its shape kept;
    /// one with a side of 0 or over 1,024 px, or fewer words than its size, is drawn as none.
    case pixels(width: Int, height: Int, argb: [UInt32])

    /// A file when `text` holds a `/` (a freedesktop icon name never does), else a theme name.
    public init(_ text: String) {
        self = text.utf8Contains(UInt8(ascii: "/")) ? .file(path: text) : .named(text)
    }
}

/// The mark at a title's corner.
public enum SegmentBadge: Equatable, Hashable, Sendable {
    /// A count, 0 or more (drawn as "99+" above 99).
    case count(Int)
    /// A dot with no text.
    case dot
    /// A short text, 1 to `maximumTextLength` characters ("New").
    case text(String)

    /// The longest text a badge takes, in characters (grapheme clusters)
    /// after trimming white space: a badge is a word ("New", "Beta"), and a
    /// pill longer than this crowds the title it marks.
    public static let maximumTextLength = 12

    /// The most UTF-8 bytes a badge's text takes (64): 12 characters of
    /// combining marks stacked without end would otherwise pass.
    public static let maximumTextBytes = 64

    /// The badge for a titles file's or a host's text: "dot" is `.dot`, other
    /// text is trimmed of white space; nil when that leaves nothing or more
    /// than `maximumTextLength` characters or `maximumTextBytes` bytes.
    public init?(text: String) {
        let trimmed = text.trimmingWhiteSpace
        // (A text of at most 12 bytes has at most 12 characters: no count by character then.)
        if trimmed == "dot" {
            self = .dot
        } else if trimmed.isEmpty || trimmed.utf8.count > Self.maximumTextBytes
                    || (trimmed.utf8.count > Self.maximumTextLength && trimmed.count > Self.maximumTextLength) {
            return nil
        } else {
            self = .text(trimmed)
        }
    }
}

extension String {
    /// The string without white space (Unicode's White_Space scalars) at
    /// either end. By scalars, not characters: a space that carries a
    /// combining accent is ink, and stays.
    var trimmingWhiteSpace: String {
        // Most texts begin and end in ASCII other than white space: nothing to trim, nothing to decode.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhiteSpace }), let last = scalars.lastIndex(where: { !$0.isWhiteSpace }) else { return "" }
        // Nothing to trim: the string itself, not a new one.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Whether the string is empty or all white space (Unicode's White_Space scalars).
    public var isBlank: Bool { unicodeScalars.allSatisfy(\.isWhiteSpace) }

    /// Whether the string's UTF-8 holds `byte`, scanned as one buffer
    /// (`utf8.contains` steps through the view's index a byte at a time).
    public func utf8Contains(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property, looked up only outside ASCII (where it is tab to CR and space).
    var isWhiteSpace: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
