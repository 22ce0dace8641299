import Flutter
import MSAL

public class ContosoSignInPlugin: NSObject, FlutterPlugin {
    public static func register(with registrar: FlutterPluginRegistrar) {}
}
