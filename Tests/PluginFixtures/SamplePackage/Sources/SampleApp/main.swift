// An app whose redirect is msauth.com.contoso.sample://auth (see Info.plist).
print("SampleApp")
