// A macOS app target whose build runs the doctor's build tool plugin (see the project).
print("SampleXcodeApp")
