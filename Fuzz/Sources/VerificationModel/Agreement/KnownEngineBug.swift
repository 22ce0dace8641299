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
    public static let all: [KnownEngineBug] = [androidHashFindingOnlyForOneSegment]

    /// `msauth://com.example.app`, `msauth://com.example.app/` and `msauth://com.example.app/a/b`
    /// are `other` without `android-signature-hash-invalid`: the engine gives the finding only
    /// when the path is one non-empty segment that is not the hash.
    public static let androidHashFindingOnlyForOneSegment = KnownEngineBug(
        name: "android-hash-finding-path-shape",
        article: "form-android: \"Otherwise other, with android-signature-hash-invalid when only the hash is wrong\"; Findings: \"the Android path is not the base64 SHA-1 of a certificate\""
    ) { disagreement, _ in
        guard let (model, engine) = disagreement.classifications, var model, let engine else { return false }
        guard model.findings == ["android-signature-hash-invalid"], engine.findings.isEmpty else { return false }
        model.findings = []
        return model == engine
    }
}
