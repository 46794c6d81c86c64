"""What the corpus scripts share: their JSON layout, one line per record."""
import json


def json_text(value):
    """JSON with one line per record of each list (diffs name the block that changed)."""
    lines = ["{"]
    items = list(value.items())
    for index, (key, item) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(item, list) and item:
            lines.append("  %s: [" % json.dumps(key))
            lines += ["    %s%s" % (json.dumps(entry, ensure_ascii=False), "," if n < len(item) - 1 else "")
                      for n, entry in enumerate(item)]
            lines.append("  ]%s" % comma)
        else:
            lines.append("  %s: %s%s" % (json.dumps(key), json.dumps(item, ensure_ascii=False), comma))
    return "\n".join(lines + ["}"]) + "\n"
