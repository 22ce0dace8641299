struct DebugMenu {}
