// Package wbcards lays out Warbound's cards and play kit with the layout
// kit (package render): the card layouts of every kind (Layout,
// LayoutCard, Check), their card numbers and common and Objective backs,
// the print-and-play sheets (Sheets, with Options), the Action boards,
// scenario maps, token sheets and deck sheets of the play kit, the card
// images of the site (SVG, CardImages), draft mode's marked texts
// (Drafted), and the layout cache a build shares between its backends
// (Layouts).
//
// Card text that does not fit its box at a readable size (5.75 pt for
// body text) is a diagnostic naming the card, the language and the side;
// Check reports them for a whole catalog, with warnings for text shrunk
// below 7 pt. Character Panic sides and Leader Confrontation sides are
// real backs; other cards get the common card back, Objective cards the
// back of their format.
package wbcards
