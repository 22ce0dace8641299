import Foundation

struct BuildFlavour: Decodable {
    var googleClientID: String

    static let current: BuildFlavour = {
        let url = Bundle.main.url(forResource: "flavour", withExtension: "json")
        let data = url.flatMap { try? Data(contentsOf: $0) } ?? Data("{\"googleClientID\":\"\"}".utf8)
        return (try? JSONDecoder().decode(BuildFlavour.self, from: data)) ?? BuildFlavour(googleClientID: "")
    }()
}
