/// Which characters of a person's text can be seen and which only steer how it is drawn:
/// what every text people write (comments, names, bios) is checked by.
enum VisibleText {
    /// Something a reader sees: not a space, a control, a direction mark or another
    /// default-ignorable character (zero-width spaces, the Hangul filler), nor the braille blank.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
            && ![.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate]
                .contains(properties.generalCategory)
            && scalar != "\u{2800}"
    }

    /// A format character that text needs to be drawn right: the zero-width joiner and
    /// non-joiner (emoji sequences, Persian and Indic scripts) and the tag characters of
    /// subdivision flags. Other format characters (direction overrides, zero-width spaces)
    /// only disguise a text.
    static func isNeededFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200C}" || scalar == "\u{200D}" || ("\u{E0020}"..."\u{E007F}").contains(scalar)
    }
}
