import CCurl
import Glibc

/// libcurl's result codes in the words of a page status. libcurl's own message (its error
/// buffer) is kept where it names the problem — "SSL certificate problem: self-signed
/// certificate", "transfer closed with 1024 bytes remaining to read" — and replaced where
/// it carries a timing that would make two runs differ ("… after 3 ms").
enum CurlFailure {
    static func failure(_ code: CURLcode, message: String, osErrno: Int32, host: String,
                        totalTimeout: Double) -> FetchFailure {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return .dns("dns-error: cannot resolve \(host)")
        case CURLE_COULDNT_CONNECT:
            switch osErrno {
            case ECONNREFUSED: return .connection("connection refused")
            case ENETUNREACH, EHOSTUNREACH: return .connection("no route to \(host)")
            case 0: return .connection("cannot connect to \(host)")
            default: return .connection("cannot connect to \(host) (\(String(cString: strerror(osErrno))))")
            }
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(seconds: totalTimeout, attempts: 1)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .tls(message)
        case CURLE_PARTIAL_FILE:
            return .dropped("connection lost before the body was complete (\(message))")
        case CURLE_GOT_NOTHING:
            return .dropped("connection lost: the server closed it without a response")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .dropped("connection lost (\(message))")
        case CURLE_WEIRD_SERVER_REPLY:
            return .connection("the response is not valid HTTP (\(message))")
        case CURLE_BAD_CONTENT_ENCODING:
            return .connection("the body's Content-Encoding cannot be decoded (\(message))")
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupported("the HTTP client rejected it (\(message))")
        default:
            return .connection("\(message) (libcurl error \(code.rawValue))")
        }
    }

    /// libcurl's message for `code`: its error buffer when it wrote one, else the code's text.
    static func message(_ code: CURLcode, buffer: UnsafePointer<CChar>) -> String {
        let written = String(cString: buffer).trimmingTrailingNewlines
        return written.isEmpty ? String(cString: linkaudit_easy_strerror(code)) : written
    }
}

private extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == "\r" || last == " " { text = text.dropLast() }
        return String(text)
    }
}
