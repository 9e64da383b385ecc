// The URL serialiser: builds `href` from a parsed record and notes component offsets.

extension WebURL {
    init(_ record: borrowing Record) {
        let hasHost = record.host != nil
        let hasCredentials = !record.username.isEmpty || !record.password.isEmpty
        // A host-less URL whose path starts with "//" would reparse with that segment as a
        // host, so the spec inserts "/." before the path ("web+demo:/.//not-a-host/").
        let needsDotSlash = !hasHost && !record.hasOpaquePath && record.path.count > 1
            && record.path[0] == Byte.slash && record.path[1] == Byte.slash
        var portDigits: [UInt8] = []
        if let port = record.port { IPv4.appendDecimal(port, to: &portDigits) }

        // Offsets first (the layout is fixed), then one write into the string's storage.
        var layout = Layout(
            schemeEnd: 0, usernameStart: 0, usernameEnd: 0, passwordEnd: 0, hostStart: 0, hostEnd: 0,
            pathStart: 0, pathEnd: 0, queryStart: 0, fragmentStart: 0, end: 0,
            portValue: record.port.map { Int32($0) } ?? -1, kind: record.kind, hasHost: hasHost,
            hasOpaquePath: record.hasOpaquePath)
        var offset = record.scheme.count
        layout.schemeEnd = UInt32(offset)
        offset += 1
        if let host = record.host {
            offset += 2
            layout.usernameStart = UInt32(offset)
            offset += record.username.count
            layout.usernameEnd = UInt32(offset)
            if !record.password.isEmpty { offset += 1 + record.password.count }
            layout.passwordEnd = UInt32(offset)
            if hasCredentials { offset += 1 }
            layout.hostStart = UInt32(offset)
            offset += host.count
            layout.hostEnd = UInt32(offset)
            if record.port != nil { offset += 1 + portDigits.count }
        } else {
            layout.usernameStart = UInt32(offset)
            layout.usernameEnd = layout.usernameStart
            layout.passwordEnd = layout.usernameStart
            layout.hostStart = layout.usernameStart
            layout.hostEnd = layout.usernameStart
            if needsDotSlash { offset += 2 }
        }
        layout.pathStart = UInt32(offset)
        offset += record.path.count
        layout.pathEnd = UInt32(offset)
        layout.queryStart = record.query == nil ? Layout.absent : UInt32(offset)
        offset += record.query.map { 1 + $0.count } ?? 0
        layout.fragmentStart = record.fragment == nil ? Layout.absent : UInt32(offset)
        offset += record.fragment.map { 1 + $0.count } ?? 0
        layout.end = UInt32(offset)
        self.layout = layout

        href = String(unsafeUninitializedCapacity: offset) { buffer in
            var cursor = 0
            func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    buffer[cursor] = byte
                    cursor += 1
                }
            }
            func put(_ byte: UInt8) {
                buffer[cursor] = byte
                cursor += 1
            }
            put(record.scheme)
            put(Byte.colon)
            if let host = record.host {
                put(Byte.slash)
                put(Byte.slash)
                put(record.username)
                if !record.password.isEmpty {
                    put(Byte.colon)
                    put(record.password)
                }
                if hasCredentials { put(Byte.at) }
                put(host)
                if record.port != nil {
                    put(Byte.colon)
                    put(portDigits)
                }
            } else if needsDotSlash {
                put(Byte.slash)
                put(Byte.dot)
            }
            put(record.path)
            if let query = record.query {
                put(Byte.question)
                put(query)
            }
            if let fragment = record.fragment {
                put(Byte.hash)
                put(fragment)
            }
            return cursor
        }
    }
}
