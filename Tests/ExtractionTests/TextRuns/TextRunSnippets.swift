/// Hand-written pages that probe each rule `TextRunCompactor` relies on, and the pieces
/// the fuzzer splices together.
enum TextRunSnippets {
    static let long = String(repeating: "word ", count: 260)
    static let longBlank = String(repeating: " ", count: 1200)
    static let longWithLines = String(repeating: "ab\ncd ", count: 200)

    static let pages: [String] = [
        "<p>hello</p>",
        "lead text <p>a</p> tail",
        "<html><head>text in head<title>t</title></head><body>x</body></html>",
        "<html>text straight in html<p>y</p></html>",
        "<!DOCTYPE html>\ntext after doctype\n<html><body>a</body></html>",
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">\n<html><body>\n<p>a</p>\n  \n</body></html>",
        "<!doctype html><!-- c -->text<html>",
        "<html><body><p>a</p></body></html>\n after the end <p>more</p>",
        "<html><body><p>a</p></body></html>after<a href=x>y</a>",
        "<html><body></body></html>   <a href=x>y</a>",
        "<div><a title=\"1 > 2\" href='q>r'>t</a> text</div>",
        "<a href=/x/>after unquoted slash</a>",
        "<br/>text<img src=x />more<p/>p text",
        "<p>a < b and c</p> next <p>d</p>",
        "<p>a&amp;b</p> plain <p>c &lt; d</p>",
        "<!-- a --!> inside? <script>x</script> --> after <p>p</p>",
        "<!--> abrupt --> text <p>q</p>",
        "<!---> abrupt --> text <p>q</p>",
        "<!----> empty comment text <p>q</p>",
        "<textarea>a <b>bold</b> c</textarea> after",
        "<title>a <b>c</b> d</title><body>text",
        "<noscript>ns text <a href=x>l</a></noscript> after",
        "<template>tmpl <a href=y>l</a> text</template> after",
        "<iframe srcdoc=\"<p>inner text</p><a href=z>z</a>\"></iframe> after",
        "<script>if (a < b) { s = '</p>' }</script> text <p>x</p>",
        "<script>var x = '</scripts>'; </script> after",
        "<SCRIPT>a</Script > after <p>q</p>",
        "<script/> text after self-closed script <p>q</p>",
        "<style>p > a { color: red }</style> text",
        "<xmp><p>x</p></xmp> after",
        "<plaintext><p>x</p> text",
        "<body>" + long + "<p>after long</p>",
        "<body>" + longBlank + "<p>after long blank</p>",
        "<body>" + longBlank + "text" + "<p>q</p>",
        "<html>" + longBlank + "text after long blank in html<p>q</p>",
        "<html>" + long + "<p>q</p>",
        "<html>" + longWithLines + "<p>q</p>",
        "<head>" + longWithLines + "<title>q</title>",
        "<body>line\r\nbreaks\r\n<p>cr</p>\rlone\rcr<p>x</p>",
        "<body>\r\n  \r\n<p>blank crlf</p>\n\n",
        "<p>é unicode ü text</p> 日本語 <p>x</p>",
        "<p>bad \u{1} control</p> text <p>x</p>",
        "<p>a</p><?php echo 1 ?> text <p>x</p>",
        "<p>a</p><![CDATA[ x ]]> text <p>x</p>",
        "<p>a</p>text<b",
        "<p>a</p>text<a href=\"unterminated",
        "<p>a</p>text<!-- unterminated",
        "<p>a</p>text</",
        "<p class=a class=b>dup</p> text",
        "<p @click=x>vue</p> text",
        "<div\nclass=\"a\"\n\n>multi\nline\ntag</div>\n text \n<p>x</p>",
        "<a href=x>first</a>second</a>third",
        "<html><html lang=en>again<body>b<body class=x>b2</body></html>",
        "<html><body/>text<p>q</p>",
        "<table><tr>cell text<td>a</td>row text</tr></table>",
        "<select><option>o1<option>o2</select>text",
        "<ul><li>one<li>two</ul>text",
        "<head><meta charset=utf-8>meta text<link rel=x href=y>text</head>",
        "<p>x</p>" + "\n".repeated(5) + "end text",
        "<p>x</p>text&",
        "<p>x</p>   ",
        "<p>x</p>text",
    ]

    static let pieces: [String] = [
        "<p>", "</p>", "text", "more words", " ", "\n", "\r\n", "\r", "  \n  ", "<a href=\"x>y\">", "<a href=x/>",
        "</a>", "<br/>", "<br>", "<script>", "a<b", "</script>", "<style>", "</style>", "<!-- c -->", "<!-->",
        "--!>", "-->", "&amp;", "&", "<", ">", "<html>", "</html>", "<body>", "</body>", "<head>", "</head>",
        "<title>", "</title>", "<textarea>", "</textarea>", "<noscript>", "</noscript>", "<template>",
        "</template>", "<iframe srcdoc='<p>a</p> b'>", "</iframe>", "<!DOCTYPE html>", "é", "日本",
        long, longBlank, longWithLines, "<?x ?>", "<![CDATA[x]]>", "<a title='1 > 2'>", "<div\nclass=a\n>",
        "</scripts>", "<SCRIPT>", "</SCRIPT >", "x < y", "<img src=a alt=\"q\"/>", "<li>", "<td>", "<table>",
        "<meta http-equiv=refresh content='0;url=x'>", "<base href=/b/>", "<form action=f>", "</form>",
        "\"", "'", "=", "/", "<!doctype x \"a\">",
    ]
}

private extension String {
    func repeated(_ n: Int) -> String { String(repeating: self, count: n) }
}
