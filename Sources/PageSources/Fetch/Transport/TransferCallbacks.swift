import CCurl
import Dispatch
import Glibc

/// The functions libcurl calls during `curl_multi_perform`, on the transport's loop thread.
/// Each gets its `Transfer` back through the user-data pointer the transport set; the
/// transport holds the transfer until libcurl is done with its handle.
enum TransferCallbacks {
    static func transfer(_ pointer: UnsafeMutableRawPointer?) -> Transfer {
        Unmanaged<Transfer>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Body bytes, content coding undone. Stops at the cut: returning less than was given
    /// makes libcurl abort the transfer, so neither the transfer nor memory goes past it.
    static let write: curl_write_callback = { data, size, count, user in
        let transfer = TransferCallbacks.transfer(user)
        let length = size * count
        transfer.lastActivity = DispatchTime.now().uptimeNanoseconds
        guard !transfer.skipped, !transfer.cut, let data else { return 0 }
        let room = transfer.room
        let kept = min(length, room)
        data.withMemoryRebound(to: UInt8.self, capacity: kept) {
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: kept))
        }
        if length > room {
            transfer.cut = true
            return 0
        }
        return length
    }

    /// One header line at a time, status lines included (a 1xx block comes before the
    /// final one, which starts over).
    static let header: curl_write_callback = { data, size, count, user in
        let transfer = TransferCallbacks.transfer(user)
        let length = size * count
        transfer.lastActivity = DispatchTime.now().uptimeNanoseconds
        guard let data else { return 0 }
        transfer.headerBytes += length
        guard transfer.headerBytes <= Transfer.maxHeaderBytes else {
            transfer.stopped = .connection("the response headers are over \(Transfer.maxHeaderBytes >> 10) KB")
            return 0
        }
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        if line.starts(with: Array("HTTP/".utf8)) {
            transfer.status = statusCode(line)
            transfer.headerLines = []
            return length
        }
        guard line.contains(where: { $0 != 0x0D && $0 != 0x0A }) else {
            // The blank line: a 1xx block ends and the real one follows.
            if (100...199).contains(transfer.status) { return length }
            return transfer.headersEnded() ? length : 0
        }
        var trimmed = line[...]
        while let last = trimmed.last, last == 0x0D || last == 0x0A { trimmed = trimmed.dropLast() }
        transfer.headerLines.append(Array(trimmed))
        return length
    }

    /// `HTTP/1.1 302 Found`, `HTTP/2 200`: the three digits after the first space; 0 when
    /// there are none.
    static func statusCode(_ line: [UInt8]) -> Int {
        guard let space = line.firstIndex(of: 0x20), line.count >= space + 4 else { return 0 }
        let digits = line[(space + 1)...(space + 3)]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return 0 }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Every socket libcurl would connect, with the address it connects to: the guard
    /// judges that address, the one really used, so a rebinding DNS answer is caught here.
    static let openSocket: curl_opensocket_callback = { user, purpose, address in
        let transfer = TransferCallbacks.transfer(user)
        guard let address else { return CURL_SOCKET_BAD }
        let family = address.pointee.family
        let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
        let raw = UnsafeRawPointer(address) + offset
        var bytes: [UInt8] = []
        if family == AF_INET {
            let inet = raw.loadUnaligned(as: sockaddr_in.self)
            bytes = withUnsafeBytes(of: inet.sin_addr.s_addr) { Array($0) }
        } else if family == AF_INET6 {
            let inet6 = raw.loadUnaligned(as: sockaddr_in6.self)
            bytes = withUnsafeBytes(of: inet6.sin6_addr) { Array($0) }
        }
        if case .refused(let message) = transfer.addressGuard.check(address: bytes, host: transfer.host, port: transfer.port) {
            transfer.refusal = message  // reported only if no other address connects
            return CURL_SOCKET_BAD
        }
        return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
    }

    /// The connection is up and the request is about to be sent: the moment politeness
    /// spaces (`HostSchedule.wired`); the transport reads it after `curl_multi_perform`.
    static let preRequest: curl_prereq_callback = { user, _, _, _, _ in
        let transfer = TransferCallbacks.transfer(user)
        if transfer.wiredAt == nil { transfer.wiredAt = DispatchTime.now().uptimeNanoseconds }
        return CURL_PREREQFUNC_OK
    }
}
