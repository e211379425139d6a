"""Teaching material: the lessons, the rule book with live examples, printable worksheets."""
