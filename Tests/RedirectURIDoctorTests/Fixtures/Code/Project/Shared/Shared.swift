let kSharedGroup = "com.contoso.shared"
