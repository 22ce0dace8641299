plugins {
    kotlin("multiplatform")
}

kotlin {
    iosArm64()
    iosSimulatorArm64()
}

// Writes the flavour's URL schemes and the broker's query schemes into the built Info.plist,
// whose path the Xcode phase passes as -PinfoPlist.
tasks.register("writeIosSchemes") {
    val infoPlist = providers.gradleProperty("infoPlist")
    val schemes = providers.gradleProperty("schemes").map { it.split(",") }
    doLast {
        val plist = infoPlist.get()
        exec { commandLine("plutil", "-replace", "CFBundleURLTypes", "-json", urlTypes(schemes.get()), plist) }
        exec { commandLine("plutil", "-replace", "LSApplicationQueriesSchemes", "-json", "[\"msauthv2\",\"msauthv3\"]", plist) }
    }
}

fun urlTypes(schemes: List<String>): String =
    "[{\"CFBundleURLSchemes\":[" + schemes.joinToString(",") { "\"$it\"" } + "]}]"
