/// Escaping for the small markup languages that notification servers interpret in bodies and
/// status bars in their text (`<b>`, `<i>`, `<a href>`…: Pango's and other XML subsets): text
/// from users must show literally.
public enum Markup {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
