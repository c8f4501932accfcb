package main

import "cardtable/components"

func componentsStat(label, value string) components.Stat {
	return components.Stat{Label: label, Value: value}
}
