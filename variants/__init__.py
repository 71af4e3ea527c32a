"""The built-in variant files (package data)."""
