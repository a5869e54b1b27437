"""The site's pages: thin function views (parse, call a service or selector, render)."""
