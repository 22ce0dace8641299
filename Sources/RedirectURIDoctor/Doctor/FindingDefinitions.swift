import RedirectURIKit

extension AppConfigurationDoctor {
    /// The doctor's own codes as entries of the one code registry, read from
    /// ``FindingCode/doctorRules`` (the core's codes the doctor also reports, such as
    /// `not-broker-capable`, are the core's definitions, at the core's severity):
    ///
    /// ```swift
    /// let registry = try FindingRegistry(FindingRegistry.coreDefinitions, AppConfigurationDoctor.findingDefinitions)
    /// ```
    public static let findingDefinitions: [FindingDefinition] = FindingCode.doctorCodes.compactMap { code in
        guard FindingRegistry.core.definition(of: code.rawValue) == nil, let rule = FindingCode.doctorRules[code] else {
            return nil
        }
        return FindingDefinition(code, rule.severity, rule.summary)
    }
}
