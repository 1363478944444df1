# Run on what scdoc makes (`make man`). groff may show ASCII characters as typographic ones
# on a UTF-8 terminal (1.23 shows - as a hyphen, ~ and ^ as accents; ' and ` can become curly
# quotes): here they become the escapes for the ASCII ones, so that options, paths and examples
# can be copied from the page and typed. scdoc writes them as they are (a ' with a \& beside
# it), and a backslash as \\, here \e.
# scdoc also turns hyphenation off before .TH, which turns it on again (groff's man macros):
# it is turned off again after it, so that no word is broken with a hyphen that cannot be
# copied either.
/^\.TH /a\
.nh
# Requests stay as they are, but for the title and the headings, and so do the lines scdoc
# starts a list item with (\h'-04'\(bu\h'+03'\c).
/^\.\(TH\|SH\|SS\) /!{
  /^\./b
  /^\\h'/b
}
s/\\\\/\\e/g
s/\\&'/'/g
s/'\\&/'/g
s/'/\\(aq/g
s/-/\\-/g
s/`/\\(ga/g
s/~/\\(ti/g
s/\^/\\(ha/g
