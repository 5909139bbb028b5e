"""What the tool writes: files and standard output, written whole or not at all (`files`), and the progress
line on stderr (`progress`). A leaf below every layer that writes: it imports only omaha_audit.errors."""
