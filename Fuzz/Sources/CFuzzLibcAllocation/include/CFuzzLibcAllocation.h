// Intentionally empty: the target's definitions (asprintf, vasprintf) are found by the linker, not
// called by name from Swift. See CFuzzLibcAllocation.c.
