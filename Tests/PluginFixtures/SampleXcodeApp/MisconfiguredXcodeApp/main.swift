// A macOS app target whose Info.plist registers its redirect URI as a whole URL, so that the
// doctor's build tool plugin fails its build (see the project and Info.plist).
print("MisconfiguredXcodeApp")
