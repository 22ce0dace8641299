struct Profile {}
