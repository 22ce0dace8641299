// Intentionally empty: this module exists to carry ICU's link flags (see module.modulemap).
