package wbcatalog

import (
	"fmt"
	"strconv"
)

// Tile is a hex tile of a board by column and row, both 0-based: A1 is
// {0, 0}, the top-left tile (DESIGN.md, "Board coordinates").
type Tile struct {
	Col, Row int
}

// MaxBoardSide is the largest board side in tiles (a Confrontation board).
const MaxBoardSide = 16

// ParseTile parses a tile name such as "C3": a column letter A-P and a row
// number 1-16.
func ParseTile(s string) (Tile, error) {
	if len(s) < 2 || len(s) > 3 || s[0] < 'A' || s[0] >= 'A'+MaxBoardSide {
		return Tile{}, fmt.Errorf("%q is not a tile: expected a column letter A-P and a row 1-16, e.g. \"C3\"", s)
	}
	row := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return Tile{}, fmt.Errorf("%q is not a tile: expected a column letter A-P and a row 1-16, e.g. \"C3\"", s)
		}
		row = row*10 + int(c-'0')
	}
	if row < 1 || row > MaxBoardSide || s[1] == '0' {
		return Tile{}, fmt.Errorf("%q is not a tile: rows run from 1 to %d", s, MaxBoardSide)
	}
	return Tile{Col: int(s[0] - 'A'), Row: row - 1}, nil
}

// String returns the tile's name, e.g. "C3".
func (t Tile) String() string {
	return ColumnName(t.Col) + strconv.Itoa(t.Row+1)
}

// ColumnName is the letter of 0-based column c.
func ColumnName(c int) string {
	if c < 0 || c >= 26 {
		return "?"
	}
	return string(rune('A' + c))
}

// Inside reports whether the tile lies on a board of cols x rows tiles.
func (t Tile) Inside(cols, rows int) bool {
	return t.Col >= 0 && t.Row >= 0 && t.Col < cols && t.Row < rows
}
