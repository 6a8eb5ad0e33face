// Command wbtool is the Warbound designers' toolchain. See doc.go.
package main

import "os"

func main() { os.Exit(Main()) }
