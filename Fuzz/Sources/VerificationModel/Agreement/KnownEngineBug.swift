// Engine bugs the model found and the article decides against the engine, not fixed yet. While one
// is listed, the disagreements it explains are not reported, so that fuzzing can go on looking for
// others; its minimized input is kept in Corpus/regressions/FuzzVerify/ and its row in the test
// table is marked as a known issue. Delete the entry with the fix (the reproducer stays and guards
// it). Fixed so far: trailing-slash-mismatch for an empty incoming path whatever the redirect URI's
// path (route-trailing-slash-empty-incoming-path).

public struct KnownEngineBug: Sendable {
    /// A short name, also the regression file's name.
    public var name: String
    /// The article's sentence that decides it.
    public var article: String
    /// Whether this bug explains a disagreement on a case.
    public var explains: @Sendable (Disagreement, VerificationCase) -> Bool

    /// The bugs currently tolerated.
    public static let all: [KnownEngineBug] = []
}
