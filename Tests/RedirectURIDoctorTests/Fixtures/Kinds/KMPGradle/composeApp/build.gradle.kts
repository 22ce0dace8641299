plugins {
    alias(libs.plugins.kotlinMultiplatform)
    alias(libs.plugins.kotlinCocoapods)
    alias(libs.plugins.composeMultiplatform)
}

kotlin {
    iosArm64()
    iosSimulatorArm64()

    cocoapods {
        summary = "Fleet's shared module"
        homepage = "https://contoso.example/fleet"
        ios.deploymentTarget = "15.0"
        podfile = project.file("../iosApp/Podfile")
        framework {
            baseName = "ComposeApp"
            isStatic = true
        }
        // Sign-in runs in Kotlin, through MSAL's Objective-C API.
        pod("MSAL") {
            version = "~> 1.6"
        }
        // pod("GoogleSignIn") was tried and removed.
    }
}
