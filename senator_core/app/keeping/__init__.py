"""What the browser keeps and game files: the stored formats, the first model from
storage, another tab's writes, files saved and opened."""
