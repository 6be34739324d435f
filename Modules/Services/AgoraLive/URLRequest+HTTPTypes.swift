import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Between the generated client's HTTP types and URLSession's, for ``LiveTransport``.

extension URLRequest {
    /// `request` sent to `baseURL`: the request's path and query appended to the base's path, as
    /// the generated client means them; fields of one name joined into one header.
    init(_ request: HTTPRequest, baseURL: URL) throws(URLError) {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let target = URLComponents(string: request.path ?? "")
        else { throw URLError(.badURL) }
        components.percentEncodedPath += target.percentEncodedPath
        components.percentEncodedQuery = target.percentEncodedQuery
        guard let url = components.url else { throw URLError(.badURL) }
        self.init(url: url)
        httpMethod = request.method.rawValue
        var headers: [String: String] = [:]
        for field in request.headerFields {
            let name = field.name.rawName
            let separator = field.name == .cookie ? "; " : ", "
            headers[name] = headers[name].map { $0 + separator + field.value } ?? field.value
        }
        allHTTPHeaderFields = headers
    }
}

extension HTTPResponse {
    /// The status and headers URLSession read; header names HTTP does not allow are dropped.
    init(_ head: HTTPURLResponse) throws(URLError) {
        guard (100...999).contains(head.statusCode) else { throw URLError(.badServerResponse) }
        self.init(status: .init(code: head.statusCode))
        for (name, value) in head.allHeaderFields {
            guard let name = (name as? String).flatMap({ HTTPField.Name($0) }), let value = value as? String else { continue }
            headerFields.append(HTTPField(name: name, value: value))
        }
    }
}
