// The URL serialiser: builds `href` from a parsed record and notes component offsets.

extension WebURL {
    init(_ record: Record) {
        let hasHost = record.host != nil
        let hasCredentials = !record.username.isEmpty || !record.password.isEmpty
        // A host-less URL whose path starts with "//" would reparse with that segment as a
        // host, so the spec inserts "/." before the path ("web+demo:/.//not-a-host/").
        let needsDotSlash = !hasHost && !record.hasOpaquePath && record.path.count > 1
            && record.path[0] == UInt8(ascii: "/") && record.path[1] == UInt8(ascii: "/")

        var output: [UInt8] = []
        output.reserveCapacity(record.scheme.count + record.username.count + record.password.count
            + (record.host?.count ?? 0) + record.path.count + (record.query?.count ?? 0)
            + (record.fragment?.count ?? 0) + 16)
        output.append(contentsOf: record.scheme)
        schemeEnd = UInt32(output.count)
        output.append(UInt8(ascii: ":"))

        if let host = record.host {
            output.append(contentsOf: "//".utf8)
            usernameStart = UInt32(output.count)
            output.append(contentsOf: record.username)
            usernameEnd = UInt32(output.count)
            if !record.password.isEmpty {
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: record.password)
            }
            passwordEnd = UInt32(output.count)
            if hasCredentials { output.append(UInt8(ascii: "@")) }
            hostStart = UInt32(output.count)
            output.append(contentsOf: host)
            hostEnd = UInt32(output.count)
            if let port = record.port {
                output.append(UInt8(ascii: ":"))
                IPv4.appendDecimal(port, to: &output)
            }
        } else {
            usernameStart = UInt32(output.count)
            usernameEnd = usernameStart
            passwordEnd = usernameStart
            hostStart = usernameStart
            hostEnd = usernameStart
            if needsDotSlash { output.append(contentsOf: "/.".utf8) }
        }

        pathStart = UInt32(output.count)
        output.append(contentsOf: record.path)
        pathEnd = UInt32(output.count)
        if let query = record.query {
            queryStart = UInt32(output.count)
            output.append(UInt8(ascii: "?"))
            output.append(contentsOf: query)
        } else {
            queryStart = WebURL.absent
        }
        if let fragment = record.fragment {
            fragmentStart = UInt32(output.count)
            output.append(UInt8(ascii: "#"))
            output.append(contentsOf: fragment)
        } else {
            fragmentStart = WebURL.absent
        }

        href = String(decoding: output, as: UTF8.self)
        portValue = record.port.map { Int32($0) } ?? -1
        kind = record.kind
        self.hasHost = hasHost
        hasOpaquePath = record.hasOpaquePath
    }
}
