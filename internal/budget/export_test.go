package budget

// ResidentBytes is residentBytes, for the tests outside the package.
var ResidentBytes = residentBytes
